/**
 * The demo catalog's shape: a three-level Dutch category tree whose leaves carry what the
 * generator needs to make believable products (noun, brands, price range, properties),
 * and the fictional stores. Everything else is generated in SQL from these.
 */
import { OVERIG_SLUG, type SpecificationFieldType, type SpecificationUnit } from '@koopjesland/shared/entities';

export interface DemoLeaf {
  name: string;
  slug: string;
  /** Singular product noun used in product names: "Wasmachine". */
  noun: string;
  brands: string[];
  /** Price range of the cheapest offer, in euros. */
  price: [number, number];
  /** Leaf-specific properties: name and the values to pick from. */
  properties: [string, string[]][];
  blurb: string;
}

export interface DemoMid {
  name: string;
  slug: string;
  leaves: DemoLeaf[];
}

export interface DemoTop {
  name: string;
  slug: string;
  mids: DemoMid[];
}

const leaf = (
  name: string,
  slug: string,
  noun: string,
  brands: string[],
  price: [number, number],
  properties: [string, string[]][],
  blurb: string,
): DemoLeaf => ({ name, slug, noun, brands, price, properties, blurb });

export const DEMO_TREE: DemoTop[] = [
  {
    name: 'Elektronica',
    slug: 'elektronica',
    mids: [
      {
        name: 'Audio',
        slug: 'audio',
        leaves: [
          leaf('Koptelefoons', 'koptelefoons', 'Koptelefoon', ['Sony', 'Bose', 'JBL', 'Sennheiser', 'Philips'], [25, 380],
            [['Type', ['Over-ear', 'On-ear', 'In-ear']], ['Verbinding', ['Bluetooth', 'Bedraad', 'Bluetooth en bedraad']], ['Ruisonderdrukking', ['Ja', 'Nee']]],
            'Draadloze luisterpret met een accu die de hele dag meegaat.'),
          leaf('Bluetooth speakers', 'bluetooth-speakers', 'Speaker', ['JBL', 'Bose', 'Marshall', 'Ultimate Ears', 'Sony'], [30, 320],
            [['Waterdicht', ['IPX4', 'IPX7', 'Nee']], ['Accuduur', ['10 uur', '12 uur', '20 uur', '24 uur']], ['Vermogen', ['10 W', '20 W', '40 W']]],
            'Compacte speaker met een vol geluid voor binnen en buiten.'),
          leaf('Soundbars', 'soundbars', 'Soundbar', ['Samsung', 'Sonos', 'LG', 'Denon', 'Philips'], [120, 900],
            [['Kanalen', ['2.1', '3.1', '5.1', '7.1.4']], ['Dolby Atmos', ['Ja', 'Nee']], ['Subwoofer', ['Draadloos', 'Ingebouwd', 'Geen']]],
            'Bioscoopgeluid in de woonkamer zonder gedoe met kabels.'),
        ],
      },
      {
        name: 'Televisies',
        slug: 'televisies',
        leaves: [
          leaf('OLED televisies', 'oled-televisies', 'OLED TV', ['LG', 'Sony', 'Philips', 'Samsung', 'Panasonic'], [900, 3200],
            [['Schermdiagonaal', ['48 inch', '55 inch', '55"', '65 inch', '164 cm', '77"']], ['Energielabel', ['E', 'F', 'G', 'f']], ['Paneeltype', ['OLED', 'oled', 'QD-OLED']],
              ['Verversingssnelheid', ['100 Hz', '120 Hz', '144 Hz']], ['Smart TV', ['webOS', 'Google TV', 'Tizen']]],
            'Diepzwart en levendige kleuren dankzij zelfoplichtende pixels.'),
          leaf('LED televisies', 'led-televisies', 'LED TV', ['Samsung', 'LG', 'Hisense', 'TCL', 'Philips'], [250, 1400],
            [['Schermdiagonaal', ['43 inch', '50"', '55 inch', '139 cm', '65 inch', '75"', 'Onbekend']], ['Energielabel', ['D', 'E', 'F', 'G']], ['Paneeltype', ['LED', 'QLED', 'qled', 'Mini LED']],
              ['Resolutie', ['4K Ultra HD', 'Full HD']], ['HDR', ['HDR10', 'HDR10+', 'Dolby Vision']]],
            'Scherp 4K-beeld voor films, sport en gamen.'),
        ],
      },
      {
        name: 'Computers',
        slug: 'computers',
        leaves: [
          leaf('Laptops', 'laptops', 'Laptop', ['Lenovo', 'HP', 'Dell', 'ASUS', 'Acer', 'Apple'], [400, 2600],
            [['Processor', ['Intel Core i5', 'Intel Core i7', 'AMD Ryzen 5', 'AMD Ryzen 7', 'Apple M3']], ['Werkgeheugen', ['8 GB', '16 GB', '32 GB']], ['Opslag', ['256 GB SSD', '512 GB SSD', '1 TB SSD']]],
            'Licht, snel en klaar voor werk, studie en ontspanning.'),
          leaf('Monitoren', 'monitoren', 'Monitor', ['Dell', 'Samsung', 'LG', 'AOC', 'iiyama', 'BenQ'], [110, 900],
            [['Schermdiagonaal', ['24 inch', '27 inch', '32 inch', '34 inch']], ['Resolutie', ['Full HD', 'QHD', '4K Ultra HD']], ['Paneel', ['IPS', 'VA', 'OLED']]],
            'Haarscherp beeld en een ergonomische voet voor lange werkdagen.'),
          leaf('Toetsenborden', 'toetsenborden', 'Toetsenbord', ['Logitech', 'Corsair', 'Razer', 'Microsoft', 'Cherry'], [20, 220],
            [['Indeling', ['QWERTY (US)', 'AZERTY (BE)']], ['Schakelaars', ['Mechanisch', 'Membraan', 'Low-profile']], ['Verbinding', ['Draadloos', 'USB']]],
            'Prettig typen met een toetsenbord dat jaren meegaat.'),
        ],
      },
      {
        name: 'Telefonie',
        slug: 'telefonie',
        leaves: [
          leaf('Smartphones', 'smartphones', 'Smartphone', ['Samsung', 'Apple', 'Google', 'Xiaomi', 'OnePlus', 'Motorola'], [180, 1500],
            [['Opslag', ['128 GB', '256 GB', '512 GB', '1 TB']], ['Scherm', ['6,1 inch', '6,4 inch', '6,7"', '6.1 inch']], ['5G', ['Ja', 'Nee', 'yes']]],
            'Een snelle telefoon met een camera die ook in het donker scherpe foto\'s maakt.'),
          leaf('Smartwatches', 'smartwatches', 'Smartwatch', ['Garmin', 'Apple', 'Samsung', 'Fitbit', 'Polar'], [80, 800],
            [['GPS', ['Ja', 'Nee']], ['Accuduur', ['1 dag', '5 dagen', '14 dagen']], ['Waterdicht', ['5 ATM', '10 ATM']]],
            'Houd je stappen, slaap en trainingen bij vanaf je pols.'),
        ],
      },
    ],
  },
  {
    name: 'Huishouden',
    slug: 'huishouden',
    mids: [
      {
        name: 'Wassen',
        slug: 'wassen',
        leaves: [
          leaf('Wasmachines', 'wasmachines', 'Wasmachine', ['Miele', 'Bosch', 'Samsung', 'AEG', 'Siemens', 'LG'], [380, 1400],
            [['Vulgewicht', ['7 kg', '8 kg', '8,5 kg', '9 kg', '10 kg']], ['Centrifugetoerental', ['1.400 toeren', '1400 tpm', '1.600 toeren', '1200 rpm']], ['Energieklasse', ['A', 'B', 'C', 'a']]],
            'Zuinige wasmachine met stoomprogramma en een stille inverter-motor.'),
          leaf('Wasdrogers', 'wasdrogers', 'Wasdroger', ['Miele', 'Bosch', 'AEG', 'Siemens', 'Samsung'], [450, 1500],
            [['Type', ['Warmtepomp', 'Condens']], ['Vulgewicht', ['8 kg', '9 kg']], ['Energieklasse', ['A+++', 'A++', 'B']]],
            'Droogt zacht en zuinig dankzij warmtepomptechniek.'),
        ],
      },
      {
        name: 'Keuken',
        slug: 'keuken',
        leaves: [
          leaf('Koffiemachines', 'koffiemachines', 'Koffiemachine', ['Philips', 'DeLonghi', 'Krups', 'Jura', 'Siemens'], [60, 1200],
            [['Type', ['Volautomaat', 'Espressomachine', 'Filterkoffie', 'Capsule']], ['Melkopschuimer', ['Ja', 'Nee']], ['Waterreservoir', ['1,2 liter', '1,8 liter']]],
            'Elke ochtend verse koffie met één druk op de knop.'),
          leaf('Airfryers', 'airfryers', 'Airfryer', ['Philips', 'Tefal', 'Ninja', 'Princess', 'Inventum'], [50, 300],
            [['Inhoud', ['4 liter', '5,5 liter', '7 liter', '9 liter']], ['Vermogen', ['1500 W', '1700 W', '2400 W']], ['Dubbele lade', ['Ja', 'Nee']]],
            'Krokant frituren met nauwelijks olie.'),
          leaf('Vaatwassers', 'vaatwassers', 'Vaatwasser', ['Bosch', 'Miele', 'Siemens', 'AEG', 'Beko'], [350, 1300],
            [['Couverts', ['12', '13', '14']], ['Geluidsniveau', ['42 dB', '44 dB', '46 dB']], ['Inbouw', ['Volledig integreerbaar', 'Vrijstaand']]],
            'Stil, zuinig en met een derde lade voor bestek.'),
          leaf('Blenders', 'blenders', 'Blender', ['Philips', 'Ninja', 'KitchenAid', 'Tefal', 'Bosch'], [30, 450],
            [['Inhoud', ['1,5 liter', '2 liter']], ['Vermogen', ['800 W', '1200 W', '1500 W']], ['Type', ['Staafmixer', 'Blender', 'Smoothiemaker']]],
            'Smoothies, soepen en sauzen in een handomdraai.'),
        ],
      },
      {
        name: 'Schoonmaken',
        slug: 'schoonmaken',
        leaves: [
          leaf('Stofzuigers', 'stofzuigers', 'Stofzuiger', ['Dyson', 'Miele', 'Philips', 'Rowenta', 'Bosch'], [90, 750],
            [['Type', ['Steelstofzuiger', 'Sledestofzuiger', 'Handstofzuiger']], ['Snoerloos', ['Ja', 'Nee']], ['Zakloos', ['Ja', 'Nee']]],
            'Krachtige zuigkracht voor harde vloeren en tapijt.'),
          leaf('Robotstofzuigers', 'robotstofzuigers', 'Robotstofzuiger', ['iRobot', 'Roborock', 'Dreame', 'Ecovacs', 'Xiaomi'], [180, 1300],
            [['Dweilfunctie', ['Ja', 'Nee']], ['Zelfledigend', ['Ja', 'Nee']], ['Navigatie', ['Lidar', 'Camera', 'Gyroscoop']]],
            'Houdt het huis schoon terwijl je zelf iets leukers doet.'),
        ],
      },
    ],
  },
  {
    name: 'Wonen',
    slug: 'wonen',
    mids: [
      {
        name: 'Verlichting',
        slug: 'verlichting',
        leaves: [
          leaf('Slimme lampen', 'slimme-lampen', 'Slimme lamp', ['Philips Hue', 'IKEA', 'Innr', 'WiZ', 'Nanoleaf'], [10, 120],
            [['Fitting', ['E27', 'E14', 'GU10']], ['Kleur', ['Wit', 'Wit en gekleurd licht']], ['Lichtstroom', ['470 lm', '806 lm', '1100 lm']]],
            'Dim en kleur je licht vanuit de app of met je stem.'),
          leaf('Bureaulampen', 'bureaulampen', 'Bureaulamp', ['Philips', 'Anglepoise', 'Leitmotiv', 'Steinhauer', 'Trio'], [20, 250],
            [['Lichtkleur', ['Warm wit', 'Neutraal wit', 'Instelbaar']], ['Dimbaar', ['Ja', 'Nee']], ['Materiaal', ['Metaal', 'Kunststof', 'Hout']]],
            'Gericht licht voor je werkplek zonder verblinding.'),
        ],
      },
      {
        name: 'Klimaat',
        slug: 'klimaat',
        leaves: [
          leaf('Ventilatoren', 'ventilatoren', 'Ventilator', ['Dyson', 'Honeywell', 'Princess', 'Tristar', 'Duux'], [25, 500],
            [['Type', ['Torenventilator', 'Staande ventilator', 'Tafelventilator']], ['Afstandsbediening', ['Ja', 'Nee']], ['Standen', ['3', '5', '12']]],
            'Verkoeling op warme dagen, fluisterstil in de nacht.'),
          leaf('Luchtreinigers', 'luchtreinigers', 'Luchtreiniger', ['Philips', 'Dyson', 'Xiaomi', 'Levoit', 'Duux'], [80, 700],
            [['Geschikt voor', ['20 m²', '40 m²', '70 m²']], ['Filter', ['HEPA H13', 'HEPA H14']], ['Geluidsniveau', ['24 dB', '33 dB']]],
            'Filtert stof, pollen en huisdierharen uit de lucht.'),
        ],
      },
      {
        name: 'Slapen',
        slug: 'slapen',
        leaves: [
          leaf('Matrassen', 'matrassen', 'Matras', ['Auping', 'Emma', 'Swiss Sense', 'M line', 'Tempur'], [200, 1600],
            [['Afmeting', ['80 x 200 cm', '90 x 200 cm', '140 x 200 cm', '160 x 200 cm']], ['Hardheid', ['Medium', 'Medium-stevig', 'Stevig']], ['Kern', ['Pocketvering', 'Koudschuim', 'Traagschuim']]],
            'Goede ondersteuning voor een uitgeruste start van de dag.'),
          leaf('Dekbedden', 'dekbedden', 'Dekbed', ['Essenza', 'Beddinghouse', 'Ambiante', 'Texeira', 'Abeko'], [40, 400],
            [['Afmeting', ['140 x 200 cm', '200 x 220 cm', '240 x 220 cm']], ['Vulling', ['Dons', 'Synthetisch', 'Wol']], ['Seizoen', ['Zomer', 'Winter', '4-seizoenen']]],
            'Heerlijk warm in de winter en koel in de zomer.'),
        ],
      },
    ],
  },
  {
    name: 'Sport & Vrije tijd',
    slug: 'sport-vrije-tijd',
    mids: [
      {
        name: 'Fietsen',
        slug: 'fietsen',
        leaves: [
          leaf('Elektrische fietsen', 'elektrische-fietsen', 'E-bike', ['Gazelle', 'Batavus', 'Sparta', 'Cortina', 'Stella'], [1200, 3800],
            [['Motor', ['Middenmotor', 'Voorwielmotor', 'Achterwielmotor']], ['Accu', ['400 Wh', '500 Wh', '625 Wh']], ['Framemaat', ['50 cm', '53 cm', '57 cm']]],
            'Moeiteloos tegen de wind in, elke dag weer.'),
          leaf('Fietsverlichting', 'fietsverlichting', 'Fietslamp', ['Busch & Müller', 'Sigma', 'Axa', 'Spanninga', 'Trelock'], [10, 110],
            [['Type', ['Voorlicht', 'Achterlicht', 'Set']], ['Oplaadbaar', ['Ja', 'Nee']], ['Lichtsterkte', ['30 lux', '70 lux', '100 lux']]],
            'Goed gezien worden in het donker, ook bij regen.'),
        ],
      },
      {
        name: 'Fitness',
        slug: 'fitness',
        leaves: [
          leaf('Hometrainers', 'hometrainers', 'Hometrainer', ['Flow Fitness', 'Tunturi', 'Kettler', 'VirtuFit', 'Life Fitness'], [180, 1500],
            [['Weerstand', ['Magnetisch', 'Elektromagnetisch']], ['Max. gebruikersgewicht', ['120 kg', '150 kg']], ['Programma\'s', ['12', '24', '32']]],
            'Blijf fit in je eigen woonkamer, weer of geen weer.'),
          leaf('Halters', 'halters', 'Halterset', ['Gorilla Sports', 'Tunturi', 'Bowflex', 'Focus Fitness', 'Adidas'], [20, 400],
            [['Gewicht', ['2 x 10 kg', '2 x 20 kg', '2 x 24 kg']], ['Type', ['Verstelbaar', 'Vast']], ['Materiaal', ['Gietijzer', 'Rubber', 'Vinyl']]],
            'Verstelbare gewichten voor krachttraining thuis.'),
        ],
      },
      {
        name: 'Kamperen',
        slug: 'kamperen',
        leaves: [
          leaf('Tenten', 'tenten', 'Tent', ['Coleman', 'Vango', 'Nomad', 'Jack Wolfskin', 'Easy Camp'], [40, 900],
            [['Personen', ['2', '4', '6']], ['Waterkolom', ['2000 mm', '3000 mm', '5000 mm']], ['Type', ['Koepeltent', 'Tunneltent', 'Opblaasbare tent']]],
            'Snel opgezet en droog de nacht door.'),
          leaf('Slaapzakken', 'slaapzakken', 'Slaapzak', ['Nomad', 'Vango', 'Deuter', 'Coleman', 'Rab'], [25, 350],
            [['Comforttemperatuur', ['+10 °C', '+5 °C', '0 °C', '-5 °C']], ['Vorm', ['Mummie', 'Deken']], ['Vulling', ['Dons', 'Synthetisch']]],
            'Warm en licht om mee te nemen op avontuur.'),
        ],
      },
    ],
  },
  {
    name: 'Speelgoed & Baby',
    slug: 'speelgoed-baby',
    mids: [
      {
        name: 'Speelgoed',
        slug: 'speelgoed',
        leaves: [
          leaf('Bouwsets', 'bouwsets', 'Bouwset', ['LEGO', 'Playmobil', 'Mega Bloks', 'Geomag', 'Cobi'], [10, 450],
            [['Leeftijd', ['4+', '6+', '9+', '18+']], ['Aantal onderdelen', ['250', '800', '1500', '3000']], ['Thema', ['Stad', 'Ruimtevaart', 'Kasteel', 'Techniek']]],
            'Urenlang bouwplezier voor jong en oud.'),
          leaf('Gezelschapsspellen', 'gezelschapsspellen', 'Spel', ['999 Games', 'Jumbo', 'Hasbro', 'Ravensburger', 'White Goblin'], [10, 90],
            [['Spelers', ['2-4', '2-6', '3-8']], ['Leeftijd', ['6+', '8+', '10+', '12+']], ['Speelduur', ['30 min', '60 min', '90 min']]],
            'Een gezellige spelavond met het hele gezin.'),
        ],
      },
      {
        name: 'Baby',
        slug: 'baby',
        leaves: [
          leaf('Kinderwagens', 'kinderwagens', 'Kinderwagen', ['Joolz', 'Bugaboo', 'Cybex', 'Mutsy', 'Maxi-Cosi'], [250, 1500],
            [['Type', ['Combiwagen', 'Buggy', 'Duowagen']], ['Gewicht', ['7 kg', '10 kg', '13 kg']], ['Opvouwbaar met één hand', ['Ja', 'Nee']]],
            'Wendbaar in de stad en comfortabel op het bospad.'),
          leaf('Autostoeltjes', 'autostoeltjes', 'Autostoel', ['Maxi-Cosi', 'Cybex', 'Joie', 'BeSafe', 'Britax Römer'], [80, 600],
            [['Groep', ['0+', '1', '2/3', 'i-Size']], ['Isofix', ['Ja', 'Nee']], ['Draaibaar', ['Ja', 'Nee']]],
            'Veilig onderweg, getest volgens de nieuwste normen.'),
        ],
      },
    ],
  },
];

export const DEFAULT_CATEGORY = { name: 'Overig', slug: OVERIG_SLUG };

/** Properties every product gets after its leaf's own, so each has 3 to 6. */
export const COMMON_PROPERTIES: [string, string[]][] = [
  ['Kleur', ['Zwart', 'Wit', 'Zilver', 'Grijs', 'Blauw', 'Rood']],
  ['Garantie', ['2 jaar', '3 jaar', '5 jaar']],
  ['Gewicht', ['0,3 kg', '1,2 kg', '2,5 kg', '6 kg', '12 kg']],
];

export const DEMO_STORES = [
  'MegaKoop',
  'Prijsknaller',
  'TechTopper',
  'Huis & Haard',
  'De Voordeelhal',
  'Elektroland',
  'KoopCentraal',
  'Witgoedwinkel',
  'GadgetGracht',
  'Zuinig Online',
];

export const DELIVERY_TIMES: [string, number][] = [
  ['Morgen in huis', 1],
  ['Vandaag besteld, morgen in huis', 1],
  ['1-2 werkdagen', 2],
  ['2-3 werkdagen', 3],
  ['Binnen 5 werkdagen', 5],
  ['1-2 weken', 10],
];

export const slugify = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'en')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export interface DemoSpecificationField {
  name: string;
  type: SpecificationFieldType;
  unit?: SpecificationUnit;
  options?: string[];
  propertyNames: string[];
}

const screenSize = (...propertyNames: string[]): DemoSpecificationField => ({ name: 'Schermdiagonaal', type: 'number', unit: 'inch', propertyNames });
const energyLabel = (options: string[]): DemoSpecificationField => ({ name: 'Energielabel', type: 'list', options, propertyNames: ['Energielabel', 'Energieklasse'] });

/** Specification fields of a few leaf categories (by slug), mapping the names their properties arrive under. */
export const DEMO_SPECIFICATIONS: Record<string, DemoSpecificationField[]> = {
  'oled-televisies': [
    screenSize('Schermdiagonaal', 'Beeldschermgrootte', 'Screen size'),
    energyLabel(['A', 'B', 'C', 'D', 'E', 'F', 'G']),
    { name: 'Paneel', type: 'list', options: ['OLED', 'QD-OLED'], propertyNames: ['Paneeltype'] },
  ],
  'led-televisies': [
    screenSize('Schermdiagonaal', 'Beeldschermgrootte', 'Screen size'),
    energyLabel(['A', 'B', 'C', 'D', 'E', 'F', 'G']),
    { name: 'Paneel', type: 'list', options: ['LED', 'QLED', 'Mini LED'], propertyNames: ['Paneeltype'] },
  ],
  smartphones: [
    { name: 'Opslag', type: 'number', unit: 'GB', propertyNames: ['Opslag', 'Opslagcapaciteit'] },
    { name: 'Schermdiagonaal', type: 'number', unit: 'inch', propertyNames: ['Scherm', 'Schermdiagonaal'] },
    { name: '5G', type: 'boolean', propertyNames: ['5G'] },
  ],
  wasmachines: [
    { name: 'Vulgewicht', type: 'number', unit: 'kg', propertyNames: ['Vulgewicht', 'Capaciteit'] },
    { name: 'Centrifugetoerental', type: 'number', unit: 'rpm', propertyNames: ['Centrifugetoerental', 'Toerental'] },
    energyLabel(['A', 'B', 'C', 'D', 'E', 'F', 'G']),
  ],
};

/** Stores name a property differently: every nth product carries `alternative` instead of `name`. */
export const DEMO_PROPERTY_ALIASES: [name: string, alternative: string, every: number][] = [
  ['Schermdiagonaal', 'Beeldschermgrootte', 3],
  ['Energielabel', 'Energieklasse', 4],
  ['Opslag', 'Opslagcapaciteit', 3],
  ['Vulgewicht', 'Capaciteit', 3],
  ['Centrifugetoerental', 'Toerental', 2],
];
