// Async boundary: the federation runtime settles shared singletons before bootstrap runs.
void import('./bootstrap');
