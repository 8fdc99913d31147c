class m::plain {
  notify { "plain: ${module_name} called from ${caller_module_name}": }
}
