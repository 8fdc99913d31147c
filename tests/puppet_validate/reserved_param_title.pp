define d($title) {}
