Rails.application.routes.draw do
  root "posts#index"

  resources :posts do
    resources :comments, only: %i[create destroy]
    member do
      post :publish
    end
  end

  namespace :admin do
    resources :users, only: %i[index update]
  end

  mount NotesApi => "/api"

  get "up" => "rails/health#show", as: :rails_health_check
end
