# ERB corpus case: apache/templates/vhost/_additional_includes.erb, with plausible variables.
class corpus_case {
  $additional_includes = ['additional_includes_a', 'additional_includes_b']
  $apache_version = '2.4.1'
  $use_optional_includes = '2.4.1'
  notice(template('apache/vhost/_additional_includes.erb'))
}
include corpus_case
