class m::inheriting inherits m::params {
  notify { "inheriting: ${module_name} called from ${caller_module_name}": }
}
