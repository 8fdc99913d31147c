class y(Optional[Pattern[/^$/, /^[0-9]/]] $q = undef) {}
class { 'y': q => 'abc' }
