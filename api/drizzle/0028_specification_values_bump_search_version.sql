-- Specification values decide which products a filtered search or list finds: ids kept per
-- search_result_version (api/src/http/search-cache.ts) must not outlive a changed value.
CREATE TRIGGER "product_specification_values_bump_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_specification_values"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_result_version"();
