# ERB corpus case: apache/templates/mod/info.conf.erb, with plausible variables.
class corpus_case {
  $_apache_version = '2.4.1'
  $allow_from = ['allow_from_a', 'allow_from_b']
  $info_path = 'info_path_value'
  $restrict_access = 'restrict_access_value'
  notice(template('apache/mod/info.conf.erb'))
}
include corpus_case
