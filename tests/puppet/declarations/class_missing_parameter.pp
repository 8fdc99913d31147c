class needs($p) { }
include needs
