# Every node gets the role its `role` fact names; a node without one is a
# base node.
node default {
  $role = $facts['role'] ? {
    undef   => 'base',
    default => $facts['role'],
  }
  include "role::${role}"
}
