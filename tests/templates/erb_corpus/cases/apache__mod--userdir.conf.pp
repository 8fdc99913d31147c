# ERB corpus case: apache/templates/mod/userdir.conf.erb, with plausible variables.
class corpus_case {
  $_apache_version = '2.4.1'
  $_path = '_path_value'
  $custom_fragment = 'custom_fragment_value'
  $disable_root = 'disable_root_value'
  $options = ['options_a', 'options_b']
  $overrides = ['overrides_a', 'overrides_b']
  $unmanaged_path = 'unmanaged_path_value'
  notice(template('apache/mod/userdir.conf.erb'))
}
include corpus_case
