# scope.setvar binds a variable in the calling scope, once.
class setter {
  $out = inline_template("<% scope.setvar('from_template', ['a', 1]) %><%= scope['from_template'].inspect %>")
  notice($out)
  notice($from_template)
  notice(inline_template("<%= @from_template.length %>"))
}
include setter
