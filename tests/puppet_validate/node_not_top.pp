class c { node 'a' {} }
