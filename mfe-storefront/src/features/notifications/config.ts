/** Where storefront toasts appear and how long they stay (docs/product.md §9 "Storefront toasts"). */
export const NOTIFICATION_CONFIG = { placement: 'bottomRight', duration: 4 } as const;
