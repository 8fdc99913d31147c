# ERB corpus case: apache/templates/vhost/_docroot.erb, with plausible variables.
class corpus_case {
  $docroot = 'docroot_value'
  $virtual_docroot = 'virtual_docroot_value'
  notice(template('apache/vhost/_docroot.erb'))
}
include corpus_case
