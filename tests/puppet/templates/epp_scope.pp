# inline_epp sees the calling scope; epp() only its parameters and top scope.
$topvar = 'top'
class scoped {
  $local = 'class-local'
  notice(inline_epp('inline sees <%= $local %> and <%= $topvar %>'))
  notice(epp('tpl/scope.epp'))
}
include scoped
