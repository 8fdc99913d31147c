type My::A = Pattern[/^a/]
type My::B = Pattern[/^b/]
class x(Variant[My::A, My::B] $p, Optional[Pattern[/^$/, /^[0-9]/]] $q = undef) {}
class { 'x': p => 'c' }
