if 'outer-1' =~ /^(\w+)-(\d)/ {
  notice("outer before: ${1} ${2}")
  if 'inner' =~ /^(in)/ {
    notice("inner: ${1} [${2}]")
  }
  notice("outer after: ${1} ${2}")
}
