define a() {}
define a() {}
