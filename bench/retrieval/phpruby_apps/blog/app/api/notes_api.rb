require "sinatra/base"

# The notes API.
class NotesApi < Sinatra::Base
  set :sessions, true

  helpers do
    def current_user
      @current_user ||= User.find(session[:uid])
    end
  end

  before "/admin/*" do
    halt 403 unless current_user&.admin?
  end

  # List every note of the signed-in user, newest first, as JSON.
  get "/notes" do
    content_type :json
    Note.where(user_id: current_user.id).order(created_at: :desc).map(&:to_h).to_json
  end

  # Create a note from the JSON body and answer 201 with its location.
  post "/notes" do
    note = Note.create!(JSON.parse(request.body.read).merge(user_id: current_user.id))
    status 201
    headers "Location" => "/notes/#{note.id}"
    note.to_h.to_json
  end


  # Show one note, or 404 when it is not the user's.
  get "/notes/:id" do
    note = Note.find_by(id: params[:id], user_id: current_user.id)
    halt 404, "no such note" unless note
    content_type :json
    note.to_h.to_json
  end

  # Update a note's title and body from the JSON body of the request and answer with it.
  put "/notes/:id" do
    note = Note.find_by!(id: params[:id], user_id: current_user.id)
    note.update!(JSON.parse(request.body.read).slice("title", "body"))
    note.to_h.to_json
  end

  delete "/notes/:id" do
    Note.find(params[:id]).destroy
    204
  end

  %w[archive restore].each do |action|
    define_method("#{action}_note") do |id|
      Note.find(id).update!(archived: action == "archive")
    end
  end

  define_method(:ping) { "pong" }

  attr_accessor :store

  not_found do
    "no such note"
  end
end
