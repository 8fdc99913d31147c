$top = 'top'
define d($p) {
  $local = "${title}-${p}"
  notice("in d: ${top} ${local} ${name}")
}
d { 'one': p => 1 }
d { 'two': p => 2 }
notice("outside: [${local}]")
