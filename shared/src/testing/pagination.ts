/** The `pagination` of a list answer, as the API sends it (20 a page, the admin lists' size). */
export const pagination = (totalItems: number, currentPage = 1, itemsPerPage = 20) => ({
  currentPage,
  totalPages: Math.max(1, Math.ceil(totalItems / itemsPerPage)),
  totalItems,
  itemsPerPage,
});
