# ERB corpus case: monit/templates/check/common.erb, with plausible variables.
class corpus_case {
  $alerts = ['alerts_a', 'alerts_b']
  $depends = ['depends_a', 'depends_b']
  $group = 'group_value'
  $noalerts = ['noalerts_a', 'noalerts_b']
  $tests_real = ['tests_real_a', 'tests_real_b']
  notice(template('monit/check/common.erb'))
}
include corpus_case
