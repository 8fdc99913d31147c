# scope lookups of unknown, undef and qualified variables from ERB.
$top = 'T'
$undefined = undef
class holder { $inner = 'I' }
include holder
notice(inline_template("<%= scope.lookupvar('nope').inspect %>|<%= scope['nope'].inspect %>|<%= scope.lookupvar('holder::inner') %>|<%= scope['::top'] %>|<%= scope.lookupvar('undefined').inspect %>|<%= @undefined.inspect %>|<%= scope.lookupvar('nope::x').inspect %>"))
