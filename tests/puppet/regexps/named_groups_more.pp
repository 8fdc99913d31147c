if 'key=value' =~ /(?<k>\w+)=(?<v>\w+)/ {
  notice("${0} | ${1} | ${2}")
}
