define d() {
  notify { 'a': message => 1 + 'x' }
}
class c { d { 'x': } }
include c
