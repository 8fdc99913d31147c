# A node with no other role.
class role::base {
  include profile::base
}
