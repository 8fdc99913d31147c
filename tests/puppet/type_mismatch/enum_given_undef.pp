class x(Enum['off', 'on'] $engine) {}
class { 'x': engine => undef }
