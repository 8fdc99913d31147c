class app($port = 80, $name_suffix = 'x') {
  notice("port=${port} suffix=${name_suffix}")
}
class { 'app': port => 8080 }
