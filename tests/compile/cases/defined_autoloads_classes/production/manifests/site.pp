# defined() finds a class or defined type the modules have before anything
# loaded it, as Puppet's loaders do: a classification by role.
$role = 'web'
if defined("role::${role}") {
  include "role::${role}"
}
notify { 'role::nosuch': message => "${defined('role::nosuch')}" }
notify { 'role::thing': message => "${defined('role::thing')} ${defined(Role::Thing)}" }
