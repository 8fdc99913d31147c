$r = 'v3.5' ? {
  /^v(\d+)\.(\d+)$/ => "major ${1} minor ${2}",
  default           => 'none',
}
notice($r)
