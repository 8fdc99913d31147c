# ERB corpus case: apache/templates/vhost/_error_document.erb, with plausible variables.
class corpus_case {
  $error_documents = 'error_documents_value'
  notice(template('apache/vhost/_error_document.erb'))
}
include corpus_case
