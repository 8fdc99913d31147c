$x = 'top'
class c {
  $x = 'class'
  notice("c: ${x} ${::x}")
}
include c
notice("main: ${x}")
