class profile::base (
  Array[String] $packages,
  Integer $port = 80,
) {
  notify { "packages: ${packages}": }
}
