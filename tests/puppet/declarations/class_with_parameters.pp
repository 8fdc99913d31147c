class web($port = 80, $name_x = 'web') { notice("${name_x}:${port}") }
class { 'web': port => 8080 }
