define d($1) {}
