# ERB corpus case: apache/templates/vhost/_rewrite.erb, with plausible variables.
class corpus_case {
  $rewrite_base = 'rewrite_base_value'
  $rewrite_cond = ['rewrite_cond_a', 'rewrite_cond_b']
  $rewrite_inherit = 'rewrite_inherit_value'
  $rewrite_rule = 'rewrite_rule_value'
  $rewrites = 'rewrites_value'
  notice(template('apache/vhost/_rewrite.erb'))
}
include corpus_case
