class ntp (
  Array[String[1]] $servers = [],
  Ntp::Port $port = 123,
  Enum['client', 'server'] $mode = 'client',
  $untyped = undef,
) {
}
