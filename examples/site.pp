# A tour of Puppet values and variables: run it with
#   cargo run -q -p confer-cli -- puppet apply examples/site.pp
$app      = 'confer'
$ports    = [80, 443, 8080]
$settings = { 'workers' => 4, 'timeout' => 2.5, 'tls' => true }

notice("${app} listens on ${ports}")
notice("first port: ${ports[0]}, last port: ${ports[-1]}, middle: ${ports[1, 1]}")
notice($settings + { 'timeout' => 5.0, 'log' => 'debug' })

# Arithmetic is exact 64-bit integer arithmetic; floats print as Ruby does.
notice(7 / 2, -7 / 2, -7 % 2, 1.0 / 3, 2.5e20)

# Regular expressions set the numeric match variables inside the construct.
$host = 'web42.example.com'
if $host =~ /^([a-z]+)(\d+)\./ {
  notice("role=${1} index=${2}")
}

# Types are values too.
$port_type = Integer[1, 65535]
notice($ports.map |$p| { $p =~ $port_type })
notice(case $settings['workers'] {
  Integer[1, 2]: { 'small' }
  Integer[3, 8]: { 'medium' }
  default:       { 'large' }
})

type Port = Integer[1, 65535]
class web (Port $port = 8080, Array[String[1]] $names = ['a', 'b']) {
  notice("web on ${port} for ${names}")
}
include web
notice("the class saw port ${web::port}")
