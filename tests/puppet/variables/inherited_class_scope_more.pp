class base {
  $greeting = 'hello from base'
}
class derived inherits base {
  notice("derived sees: ${greeting}")
}
include derived
