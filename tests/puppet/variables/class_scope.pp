$top = 'top'
class c {
  $local = 'local'
  notice("in c: ${top} ${local}")
}
include c
notice("outside: [${local}]")
