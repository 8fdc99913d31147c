type My::Abs = Variant[My::Wa, My::Ua]
type My::Wa = Pattern[/^a/]
type My::Ua = Pattern[/^b/]
class x(Optional[My::Abs] $p = undef) {}
class { 'x': p => 'c' }
