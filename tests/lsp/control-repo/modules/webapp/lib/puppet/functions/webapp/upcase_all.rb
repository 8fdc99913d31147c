# Upper-cases every string of an array.
Puppet::Functions.create_function(:'webapp::upcase_all') do
  dispatch :upcase_all do
    param 'Array[String]', :values
    return_type 'Array[String]'
  end

  def upcase_all(values)
    values.map(&:upcase)
  end
end
