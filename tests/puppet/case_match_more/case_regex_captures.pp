case 'key=value' {
  /^(\w+)=(\w+)$/: { notice("${1} -> ${2} (${0})") }
}
notice("after: '${1}'")
