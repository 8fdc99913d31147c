# A template asking the scope for a variable it does not have.
$x = inline_template("<%= scope['nosuch'] %>|<%= scope.lookupvar('c::y') %>|<%= @z %>")
notice($x)
