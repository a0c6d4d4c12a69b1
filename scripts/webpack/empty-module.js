// Stands in for stylesheets in the Node builds (scripts/webpack/config.ts).
