# The application's defaults.
class webapp::params {
  $package = 'webapp'
  $port = 8080
}
