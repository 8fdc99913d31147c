class inner {
  notice("inner sees: [${outer_var}]")
}
class outer {
  $outer_var = 'outer'
  include inner
}
include outer
