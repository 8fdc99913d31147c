# ERB corpus case: apache/templates/mod/proxy_balancer.conf.erb, with plausible variables.
class corpus_case {
  $allow_from = ['allow_from_a', 'allow_from_b']
  $apache_version = '2.4.1'
  $manager_path = 'manager_path_value'
  notice(template('apache/mod/proxy_balancer.conf.erb'))
}
include corpus_case
