case 'host-12' {
  /^host-(\d+)$/: { notice("case matched ${1} (${0})") }
  default: { notice('no') }
}
