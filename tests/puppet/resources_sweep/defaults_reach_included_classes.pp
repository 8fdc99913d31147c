class inner { notify { 'inner': } }
define wrapped() { notify { "wrapped ${title}": } }
class outer {
  Notify { message => 'from outer' }
  include inner
  wrapped { 'w': }
}
include outer
