if 'web42.example.com' =~ /^([a-z]+)(\d+)\./ {
  notice($0, $1, $2)
}
