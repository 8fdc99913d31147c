$top = 'top'
node default {
  $n = 'node var'
  notice("in node: ${top} ${n}")
}
notice('main')
